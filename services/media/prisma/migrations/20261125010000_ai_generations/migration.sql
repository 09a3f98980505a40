-- CreateTable
CREATE TABLE "ai_variants" (
    "site_id" TEXT NOT NULL,
    "article_id" TEXT NOT NULL,
    "article_version" TEXT NOT NULL,
    "profile_version" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "meta_description" TEXT NOT NULL,
    "image_key" TEXT,
    "units" INTEGER NOT NULL,
    "generated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ai_variants_pkey" PRIMARY KEY ("site_id","article_id")
);

-- CreateTable
CREATE TABLE "ai_generations" (
    "id" TEXT NOT NULL,
    "site_id" TEXT NOT NULL,
    "article_id" TEXT NOT NULL,
    "article_version" TEXT NOT NULL,
    "profile_version" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    "units" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ai_generations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ai_generations_site_id_created_at_idx" ON "ai_generations"("site_id", "created_at");
