-- A class can be a later session of a course: it names the course's first
-- session, so that the results of every session export together.

ALTER TABLE classes ADD COLUMN course TEXT;
CREATE INDEX classes_by_course ON classes (course);
