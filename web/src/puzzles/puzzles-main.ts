/** The Puzzles page. */
import './puzzles-page';
