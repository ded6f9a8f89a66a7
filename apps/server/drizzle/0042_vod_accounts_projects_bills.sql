CREATE TABLE "vod_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"party_kind" varchar(40) DEFAULT 'brand' NOT NULL,
	"percent" numeric(14, 2) NOT NULL,
	"contract_no" varchar(50) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"settlement_period" varchar(40) DEFAULT 'month' NOT NULL,
	"rules" varchar(1000),
	"bank_name" varchar(100) NOT NULL,
	"account_holder" varchar(100) NOT NULL,
	"bank_account" varchar(40) NOT NULL,
	"bank_account_confirm" varchar(40),
	"state" varchar(40) DEFAULT 'normal' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vod_project" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"target_brand_id" integer NOT NULL,
	"target_hotel_id" integer,
	"contract_no" varchar(50) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"settlement_period" varchar(40) DEFAULT 'month' NOT NULL,
	"rules" varchar(1000),
	"shares" jsonb,
	"shares_percent" numeric(14, 2),
	"platform_percent" numeric(14, 2),
	"bank_name" varchar(100) NOT NULL,
	"account_holder" varchar(100) NOT NULL,
	"bank_account" varchar(40) NOT NULL,
	"bank_account_confirm" varchar(40),
	"state" varchar(40) DEFAULT 'normal' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vod_bill" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" varchar(120),
	"project_id" integer,
	"period" varchar(7),
	"period_start" date,
	"period_end" date,
	"order_count" integer,
	"orders_amount" numeric(14, 2),
	"shared_amount" numeric(14, 2),
	"platform_amount" numeric(14, 2),
	"total_minor" integer,
	"platform_minor" integer,
	"lines" jsonb,
	"summary" varchar(2000),
	"stage" varchar(40) DEFAULT 'budget' NOT NULL,
	"computed_at" timestamp with time zone,
	"settled_by" varchar(100),
	"settled_at" timestamp with time zone,
	"reconciled_by" varchar(100),
	"reconciled_at" timestamp with time zone,
	"transferred_by" varchar(100),
	"transferred_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vod_project" ADD CONSTRAINT "vod_project_target_brand_id_brands_id_fk" FOREIGN KEY ("target_brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_project" ADD CONSTRAINT "vod_project_target_hotel_id_hotels_id_fk" FOREIGN KEY ("target_hotel_id") REFERENCES "public"."hotels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vod_bill" ADD CONSTRAINT "vod_bill_project_id_vod_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."vod_project"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vod_account_party_kind_idx" ON "vod_account" USING btree ("party_kind");--> statement-breakpoint
CREATE UNIQUE INDEX "vod_account_contract_no_uq" ON "vod_account" USING btree ("contract_no");--> statement-breakpoint
CREATE INDEX "vod_account_settlement_period_idx" ON "vod_account" USING btree ("settlement_period");--> statement-breakpoint
CREATE INDEX "vod_account_state_idx" ON "vod_account" USING btree ("state");--> statement-breakpoint
CREATE INDEX "vod_project_target_brand_id_idx" ON "vod_project" USING btree ("target_brand_id");--> statement-breakpoint
CREATE INDEX "vod_project_target_hotel_id_idx" ON "vod_project" USING btree ("target_hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vod_project_contract_no_uq" ON "vod_project" USING btree ("contract_no");--> statement-breakpoint
CREATE INDEX "vod_project_settlement_period_idx" ON "vod_project" USING btree ("settlement_period");--> statement-breakpoint
CREATE INDEX "vod_project_state_idx" ON "vod_project" USING btree ("state");--> statement-breakpoint
CREATE INDEX "vod_bill_tenant_idx" ON "vod_bill" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vod_bill_project_id_hotel_id_period_uq" ON "vod_bill" USING btree ("project_id","hotel_id","period");--> statement-breakpoint
CREATE INDEX "vod_bill_period_idx" ON "vod_bill" USING btree ("period");--> statement-breakpoint
CREATE INDEX "vod_bill_stage_idx" ON "vod_bill" USING btree ("stage");