-- One Source per feed URL: two Sources of the same feed would put every item in the feeds twice.
CREATE UNIQUE INDEX "sources_url_key" ON "sources"("url");
