-- `q` becomes a word search (README Decisions: "Search"): every word of q (the last as a prefix) must
-- appear in the issue's identifier, number, title, description or comments. One stripped tsvector
-- per issue holds the words of all of these, so a search tests one column of one table: cheaply
-- row by row along the list order when the words are common, through its GIN index when rare.
-- Triggers keep it true whatever writes the rows (API, seeds, scripts).

ALTER TABLE "Issue" ADD COLUMN "searchVector" tsvector NOT NULL DEFAULT ''::tsvector;

-- The words of q, all required, parsed like the documents are; the last one also as a prefix (it may
-- still be being typed). Empty when q has no word. Only the last word is a prefix: a prefix term makes
-- the GIN index collect every word it starts.
CREATE FUNCTION charter_search_query(q text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN regexp_replace(plainto_tsquery('simple', q)::text, '''((?:[^''\\]|''''|\\.)*)''$', '''\1'':*')::tsquery;

-- A vector may not outgrow this many bytes: past it, the words of further comments are not added
-- (a thread of megabytes of distinct words; its issue text and earlier comments stay searchable).
CREATE FUNCTION charter_search_append(v tsvector, body text) RETURNS tsvector
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  add tsvector := strip(to_tsvector('simple', body));
BEGIN
  IF pg_column_size(v) + pg_column_size(add) > 512 * 1024 THEN RETURN v; END IF;
  RETURN v || add;
END $$;

-- The words of an issue: its identifier, number, title and description, then its comments in order.
CREATE FUNCTION charter_issue_search_vector(i "Issue") RETURNS tsvector
  LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  v tsvector := strip(to_tsvector('simple', i.identifier || ' ' || i.number || ' ' || i.title || ' ' || i.description));
  body text;
BEGIN
  FOR body IN SELECT c.body FROM "IssueComment" c WHERE c."companyId" = i."companyId" AND c."issueId" = i.id ORDER BY c."createdAt", c.id LOOP
    v := charter_search_append(v, body);
  END LOOP;
  RETURN v;
END $$;

-- Issue text written: its words again (a new issue has no comments yet).
CREATE FUNCTION charter_issue_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."searchVector" := charter_issue_search_vector(NEW);
  RETURN NEW;
END $$;

CREATE TRIGGER "Issue_search" BEFORE INSERT OR UPDATE OF identifier, title, description ON "Issue"
  FOR EACH ROW EXECUTE FUNCTION charter_issue_search_refresh();

-- A comment added: its words join its issue's.
CREATE FUNCTION charter_comment_search_append() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Issue" SET "searchVector" = charter_search_append("searchVector", NEW.body)
   WHERE "companyId" = NEW."companyId" AND id = NEW."issueId";
  RETURN NULL;
END $$;

CREATE TRIGGER "IssueComment_search" AFTER INSERT ON "IssueComment"
  FOR EACH ROW EXECUTE FUNCTION charter_comment_search_append();

UPDATE "Issue" i SET "searchVector" = charter_issue_search_vector(i);

DROP INDEX "Issue_search_trgm";
DROP INDEX "IssueComment_search_trgm";
CREATE INDEX "Issue_search" ON "Issue" USING gin ("companyId", "searchVector");
