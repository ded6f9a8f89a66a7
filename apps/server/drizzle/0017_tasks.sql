CREATE TABLE "task_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(40) NOT NULL,
	"action" varchar(40) NOT NULL,
	"parameter" varchar(60),
	"remarks" varchar(200),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"mac" varchar(12) NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"failure_code" varchar(40),
	"reason" text,
	"file" text,
	"reported_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"target" jsonb NOT NULL,
	"schedule" varchar(8) NOT NULL,
	"daily_at" varchar(5),
	"next_run_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_logs" ADD CONSTRAINT "task_logs_run_id_task_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."task_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_runs" ADD CONSTRAINT "task_runs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_items_action_idx" ON "task_items" USING btree ("action");--> statement-breakpoint
CREATE INDEX "task_logs_run_idx" ON "task_logs" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "task_logs_terminal_idx" ON "task_logs" USING btree ("terminal_id","state");--> statement-breakpoint
CREATE INDEX "task_runs_task_idx" ON "task_runs" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "tasks_next_run_idx" ON "tasks" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "tasks_brand_idx" ON "tasks" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "tasks_hotel_idx" ON "tasks" USING btree ("hotel_id");