-- A class opened on a position keeps that position's convention, and a
-- teacher can pause every student's screen.

ALTER TABLE classes ADD COLUMN play TEXT NOT NULL DEFAULT 'normal';
ALTER TABLE classes ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
