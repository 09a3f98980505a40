-- The order the media service's generation planner reads changed articles in (ListArticleChanges).
CREATE INDEX "articles_changes_idx" ON "articles"("updated_at", "id");
