import { html, type TemplateResult } from 'lit';
import type { Analysis } from '../engine/model';
import './heaps';
import './rows';
import './grid';
import './text';
import './line';
import './sum';
import './graph';

export interface BoardOptions {
  game: string;
  analysis: Analysis;
  editing: boolean;
  interactive: boolean;
  hints: boolean;
  preview: number;
  /** Hide nimbers, showing the position alone. */
  quiet?: boolean;
  /** Who made the last move, for its mark's label. */
  lastBy?: string;
}

/** The renderer for the analysis's board geometry. */
export function renderBoard(options: BoardOptions): TemplateResult {
  const { game, analysis, editing, interactive, hints, preview } = options;
  const quiet = options.quiet ?? false;
  const lastBy = options.lastBy ?? '';
  switch (analysis.board.kind) {
    case 'heaps':
      return html`<grundy-heaps part="board" .analysis=${analysis} ?editing=${editing} ?interactive=${interactive}
        ?hints=${hints} .preview=${preview} ?quiet=${quiet} .lastBy=${lastBy}></grundy-heaps>`;
    case 'rows':
      return html`<grundy-rows part="board" .analysis=${analysis} ?editing=${editing} ?interactive=${interactive}
        ?hints=${hints} .preview=${preview} ?quiet=${quiet} .lastBy=${lastBy}></grundy-rows>`;
    case 'grid':
      return html`<grundy-grid part="board" game=${game} .analysis=${analysis} ?editing=${editing} ?interactive=${interactive}
        ?hints=${hints} .preview=${preview} ?quiet=${quiet} .lastBy=${lastBy}></grundy-grid>`;
    case 'text':
      return html`<grundy-text part="board" .analysis=${analysis} ?editing=${editing} ?interactive=${interactive}
        ?hints=${hints} .preview=${preview} ?quiet=${quiet} .lastBy=${lastBy}></grundy-text>`;
    case 'sum':
      return html`<grundy-sum part="board" .analysis=${analysis} ?editing=${editing} ?interactive=${interactive}
        ?hints=${hints} .preview=${preview} ?quiet=${quiet} .lastBy=${lastBy}></grundy-sum>`;
    case 'line':
      return html`<grundy-line part="board" .analysis=${analysis} ?editing=${editing} ?interactive=${interactive}
        ?hints=${hints} .preview=${preview} ?quiet=${quiet} .lastBy=${lastBy}></grundy-line>`;
    case 'graph':
    case 'digraph':
    case 'network':
      return html`<grundy-graph part="board" .analysis=${analysis} ?editing=${editing} ?interactive=${interactive}
        ?hints=${hints} .preview=${preview} ?quiet=${quiet} .lastBy=${lastBy}></grundy-graph>`;
  }
}
