CREATE TABLE "ai_info" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"question" varchar(60) NOT NULL,
	"examples_zh" varchar(4000),
	"examples_en" varchar(4000),
	"answer_zh" varchar(1000) NOT NULL,
	"answer_en" varchar(1000),
	"review_status" varchar(40) DEFAULT 'draft' NOT NULL,
	"review_reason" varchar(200),
	"reviewed_at" timestamp with time zone,
	"passed" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ai_info_tenant_idx" ON "ai_info" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "ai_info_review_status_idx" ON "ai_info" USING btree ("review_status");