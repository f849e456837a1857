CREATE TABLE "context_chunks" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"app_id" text NOT NULL,
	"position" integer NOT NULL,
	"content" text NOT NULL,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', content)) STORED NOT NULL,
	"embedding" vector
);
--> statement-breakpoint
CREATE TABLE "context_items" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'unsynced' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"num_of_chunks" integer DEFAULT 0 NOT NULL,
	"processed_chars" integer DEFAULT 0 NOT NULL,
	"blob_key" text,
	"mime_type" text,
	"external_file_url" text,
	"external_file_id" text,
	"provider_item_id" text,
	"provider" text,
	"original_context_item_id" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_synced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "context_item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "context_chunks" ADD CONSTRAINT "context_chunks_item_id_context_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."context_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "context_items" ADD CONSTRAINT "context_items_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "context_items" ADD CONSTRAINT "context_items_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "context_chunks_item_idx" ON "context_chunks" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "context_chunks_app_idx" ON "context_chunks" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "context_chunks_tsv_idx" ON "context_chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "context_items_app_idx" ON "context_items" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "context_items_account_idx" ON "context_items" USING btree ("account_id");