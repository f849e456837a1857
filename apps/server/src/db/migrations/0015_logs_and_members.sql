CREATE TABLE "app_privacy" (
	"app_id" text PRIMARY KEY NOT NULL,
	"retention_days" integer,
	"keep_conversations" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_reveals" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"account_id" text,
	"email" text NOT NULL,
	"what" text NOT NULL,
	"run_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "rating" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "rating_reason" text;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "runs" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_privacy" ADD CONSTRAINT "app_privacy_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_reveals" ADD CONSTRAINT "log_reveals_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_reveals" ADD CONSTRAINT "log_reveals_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_privacy_retention_idx" ON "app_privacy" USING btree ("retention_days");--> statement-breakpoint
CREATE INDEX "log_reveals_app_idx" ON "log_reveals" USING btree ("app_id","created_at");--> statement-breakpoint
CREATE INDEX "runs_logs_idx" ON "runs" USING btree ("app_id","created_at" DESC NULLS LAST,"run_id" DESC NULLS LAST) WHERE "runs"."erased_at" is null;--> statement-breakpoint
CREATE INDEX "assistant_messages_run_idx" ON "assistant_messages" USING btree ("run_id");