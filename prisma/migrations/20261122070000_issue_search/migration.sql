-- Substring search (`q`) over issue title, identifier, description and comment bodies, through
-- trigram GIN indexes that lead with companyId (btree_gin), so it stays fast at 100,000 issues.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE INDEX "Issue_search_trgm" ON "Issue" USING gin ("companyId", ("identifier" || ' ' || "title" || ' ' || "description") gin_trgm_ops);
CREATE INDEX "IssueComment_search_trgm" ON "IssueComment" USING gin ("companyId", "body" gin_trgm_ops);
