CREATE TABLE "context_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"item_id" text NOT NULL,
	"chars" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "context_usage" ADD CONSTRAINT "context_usage_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "context_usage_account_idx" ON "context_usage" USING btree ("account_id","created_at");--> statement-breakpoint
-- what items already processed keeps counting in the month it was processed
INSERT INTO "context_usage" ("id", "account_id", "item_id", "chars", "created_at")
SELECT 'usage-' || "id", "account_id", "id", "processed_chars", "last_synced_at"
FROM "context_items"
WHERE "status" = 'synced' AND "processed_chars" > 0 AND "last_synced_at" IS NOT NULL;
