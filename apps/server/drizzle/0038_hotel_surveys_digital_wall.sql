CREATE TABLE "hotel_surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel" integer,
	"survey_date" date NOT NULL,
	"tv_count" integer NOT NULL,
	"macs" varchar(1000) NOT NULL,
	"rooms" varchar(500) NOT NULL,
	"ips" varchar(500) NOT NULL,
	"status" varchar(40) DEFAULT 'notStarted' NOT NULL,
	"started_at" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digital_wall_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"title" varchar(15) NOT NULL,
	"gesture_title" varchar(6),
	"media" varchar(36) NOT NULL,
	"play_count" integer DEFAULT 1 NOT NULL,
	"play_interval" integer DEFAULT 10 NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"switch_start" varchar(5),
	"switch_end" varchar(5),
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_survey_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"survey_id" integer NOT NULL,
	"terminal_id" integer,
	"mac" varchar(12) NOT NULL,
	"run_id" varchar(40) NOT NULL,
	"rtt_ms" integer,
	"loss" real NOT NULL,
	"mbps" double precision,
	"model" varchar(40),
	"firmware" varchar(40),
	"verdict" varchar(10) NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digital_wall_configs" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"loop" boolean DEFAULT true NOT NULL,
	"macs" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hotel_surveys" ADD CONSTRAINT "hotel_surveys_hotel_hotels_id_fk" FOREIGN KEY ("hotel") REFERENCES "public"."hotels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_wall_configs" ADD CONSTRAINT "digital_wall_configs_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hotel_surveys_hotel_idx" ON "hotel_surveys" USING btree ("hotel");--> statement-breakpoint
CREATE INDEX "hotel_surveys_survey_date_idx" ON "hotel_surveys" USING btree ("survey_date");--> statement-breakpoint
CREATE INDEX "hotel_surveys_status_idx" ON "hotel_surveys" USING btree ("status");--> statement-breakpoint
CREATE INDEX "digital_wall_items_tenant_idx" ON "digital_wall_items" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "digital_wall_items_enabled_idx" ON "digital_wall_items" USING btree ("enabled");--> statement-breakpoint
CREATE UNIQUE INDEX "hotel_survey_results_survey_mac" ON "hotel_survey_results" USING btree ("survey_id","mac");