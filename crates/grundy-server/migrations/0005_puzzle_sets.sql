-- A question can be one puzzle of a set that each student answers in
-- order at their own pace: the set's number in the class, and for
-- homework the time (ms since 1970) after which it takes no answers.

ALTER TABLE questions ADD COLUMN puzzle_set INTEGER;
ALTER TABLE questions ADD COLUMN due_ms INTEGER;
