-- When a game was last played: the idlest games make room on a full
-- server, and a game nobody plays for a long time is deleted.

ALTER TABLE games ADD COLUMN active_ms INTEGER NOT NULL DEFAULT 0;
UPDATE games SET active_ms = created_ms;
CREATE INDEX games_by_activity ON games (active_ms);
