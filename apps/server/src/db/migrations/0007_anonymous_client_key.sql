ALTER TABLE "runs" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "runs_app_client_idx" ON "runs" USING btree ("app_id","client_key","created_at");