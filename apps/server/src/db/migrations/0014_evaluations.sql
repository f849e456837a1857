CREATE TABLE "evaluation_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"target" text NOT NULL,
	"tool_id" text,
	"account_id" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"judge_model" text,
	"judge_cost" double precision DEFAULT 0 NOT NULL,
	"case_count" integer NOT NULL,
	"variants" jsonb NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"target" text NOT NULL,
	"tool_id" text,
	"cases" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evaluation_runs" ADD CONSTRAINT "evaluation_runs_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_runs" ADD CONSTRAINT "evaluation_runs_tool_id_tools_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("tool_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_tool_id_tools_tool_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("tool_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "evaluation_runs_target_idx" ON "evaluation_runs" USING btree ("app_id","target","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluations_target_uq" ON "evaluations" USING btree ("app_id","target");