-- Where the generation planner has read the feed's article changes up to (services/media/src/ai-planner.ts).
CREATE TABLE "ai_plan_positions" (
    "name" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "article_id" TEXT NOT NULL,

    CONSTRAINT "ai_plan_positions_pkey" PRIMARY KEY ("name")
);
