-- When the feed's changes feed was told of the variant (null: not yet; the planner's sweep tells it).
ALTER TABLE "ai_variants" ADD COLUMN "noted_at" TIMESTAMPTZ(3);
CREATE INDEX "ai_variants_unnoted_idx" ON "ai_variants"("noted_at", "generated_at");
