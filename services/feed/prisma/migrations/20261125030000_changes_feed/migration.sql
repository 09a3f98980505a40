-- The changes feed (GET /api/v1/feed/changes; src/changes.ts). Positions are numbers of one counter,
-- handed out under one lock, so changes commit in the order of their numbers.
CREATE TABLE "change_counter" (
    "id" INTEGER NOT NULL,
    "last" BIGINT NOT NULL,

    CONSTRAINT "change_counter_pkey" PRIMARY KEY ("id")
);

-- The latest change of each article; a removed one stays as a tombstone until it is pruned.
CREATE TABLE "article_changes" (
    "article_id" TEXT NOT NULL,
    "seq" BIGINT NOT NULL,
    "removed" BOOLEAN NOT NULL DEFAULT false,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "article_changes_pkey" PRIMARY KEY ("article_id")
);
CREATE INDEX "article_changes_pruning_idx" ON "article_changes"("removed", "changed_at");

-- Per category, the latest change of each article that is or was in it.
CREATE TABLE "category_changes" (
    "category_key" TEXT NOT NULL,
    "article_id" TEXT NOT NULL,
    "seq" BIGINT NOT NULL,

    CONSTRAINT "category_changes_pkey" PRIMARY KEY ("category_key","article_id")
);
CREATE INDEX "category_changes_seq_idx" ON "category_changes"("category_key", "seq");

-- Per Site, the latest change of each article made for it alone (a new personalized variant).
CREATE TABLE "site_article_changes" (
    "site_id" TEXT NOT NULL,
    "article_id" TEXT NOT NULL,
    "seq" BIGINT NOT NULL,

    CONSTRAINT "site_article_changes_pkey" PRIMARY KEY ("site_id","article_id")
);
CREATE INDEX "site_article_changes_seq_idx" ON "site_article_changes"("site_id", "seq");

-- Every subscription set a Site had (pruned after the tokens' lifetime, the current one kept).
CREATE TABLE "subscription_versions" (
    "site_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "categories" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subscription_versions_pkey" PRIMARY KEY ("site_id","version")
);

-- The last position handed out each day (how old a position is), and how far tombstones were pruned.
CREATE TABLE "change_marks" (
    "day" DATE NOT NULL,
    "max_seq" BIGINT NOT NULL,

    CONSTRAINT "change_marks_pkey" PRIMARY KEY ("day")
);

-- What was already there is the first change of each article, and each Site's first version.
INSERT INTO "article_changes" ("article_id", "seq", "removed", "changed_at")
SELECT "id", row_number() OVER (ORDER BY "updated_at", "id"), false, "updated_at" FROM "articles";
INSERT INTO "category_changes" ("category_key", "article_id", "seq")
SELECT ac."category_key", ac."article_id", c."seq" FROM "article_categories" ac JOIN "article_changes" c ON c."article_id" = ac."article_id";
INSERT INTO "change_counter" ("id", "last") SELECT 1, coalesce(max("seq"), 0) FROM "article_changes";
INSERT INTO "subscription_versions" ("site_id", "version", "categories", "created_at")
SELECT "site_id", 1, array_agg("category_key" ORDER BY "category_key"), now() FROM "subscriptions" GROUP BY "site_id";
