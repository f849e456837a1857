DROP INDEX "user_memories_user_app_uq";--> statement-breakpoint
ALTER TABLE "user_memories" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_memories" ADD COLUMN "user_key" text;--> statement-breakpoint
-- memories kept so far belong to signed-in users: they are named as runs name them
UPDATE "user_memories" SET "user_key" = 'acct:' || "user_id";--> statement-breakpoint
ALTER TABLE "user_memories" ALTER COLUMN "user_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "user_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_memories_app_user_uq" ON "user_memories" USING btree ("app_id","user_key");--> statement-breakpoint
CREATE INDEX "user_memories_user_idx" ON "user_memories" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "runs_app_user_idx" ON "runs" USING btree ("app_id","user_key","created_at");