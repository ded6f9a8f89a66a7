CREATE TABLE "stays" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"room_number" varchar(16),
	"guest_name" varchar(40),
	"title" varchar(20),
	"language" varchar(40),
	"group_code" varchar(20),
	"reservation" varchar(32),
	"arrival" date,
	"departure" date,
	"vip" boolean DEFAULT false NOT NULL,
	"no_post" boolean DEFAULT false NOT NULL,
	"state" varchar(40) DEFAULT 'inHouse' NOT NULL,
	"checked_out_at" timestamp with time zone,
	"receipt" jsonb,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pms_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"room_number" varchar(16),
	"guest_name" varchar(40),
	"event" varchar(40),
	"source" varchar(40),
	"result" varchar(40),
	"reason" varchar(40),
	"event_id" varchar(64),
	"address" varchar(45),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"code" varchar(20) NOT NULL,
	"name" varchar(50) NOT NULL,
	"rooms" varchar(2000),
	"arrival" date,
	"departure" date,
	"source" varchar(40) DEFAULT 'console' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pms_event_keys" (
	"hotel_id" integer NOT NULL,
	"event_id" varchar(64) NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pms_event_keys_hotel_id_event_id_pk" PRIMARY KEY("hotel_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "pms_interfaces" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"secret" varchar(64) DEFAULT encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex') NOT NULL,
	"fias_enabled" boolean DEFAULT false NOT NULL,
	"fias_port" integer,
	"fias_allowed" varchar(2000) DEFAULT '' NOT NULL,
	"fias_holder" varchar(100),
	"fias_lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pms_vendors" ADD COLUMN "protocol" varchar(40) DEFAULT 'http' NOT NULL;--> statement-breakpoint
ALTER TABLE "pms_event_keys" ADD CONSTRAINT "pms_event_keys_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_interfaces" ADD CONSTRAINT "pms_interfaces_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stays_tenant_idx" ON "stays" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "stays_hotel_id_room_number_state_idx" ON "stays" USING btree ("hotel_id","room_number","state");--> statement-breakpoint
CREATE INDEX "stays_room_number_idx" ON "stays" USING btree ("room_number");--> statement-breakpoint
CREATE INDEX "stays_language_idx" ON "stays" USING btree ("language");--> statement-breakpoint
CREATE INDEX "stays_group_code_idx" ON "stays" USING btree ("group_code");--> statement-breakpoint
CREATE INDEX "stays_vip_idx" ON "stays" USING btree ("vip");--> statement-breakpoint
CREATE INDEX "stays_state_idx" ON "stays" USING btree ("state");--> statement-breakpoint
CREATE INDEX "pms_logs_tenant_idx" ON "pms_logs" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "pms_logs_room_number_idx" ON "pms_logs" USING btree ("room_number");--> statement-breakpoint
CREATE INDEX "pms_logs_event_idx" ON "pms_logs" USING btree ("event");--> statement-breakpoint
CREATE INDEX "pms_logs_source_idx" ON "pms_logs" USING btree ("source");--> statement-breakpoint
CREATE INDEX "pms_logs_result_idx" ON "pms_logs" USING btree ("result");--> statement-breakpoint
CREATE INDEX "pms_logs_reason_idx" ON "pms_logs" USING btree ("reason");--> statement-breakpoint
CREATE INDEX "pms_logs_event_id_idx" ON "pms_logs" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "tour_groups_tenant_idx" ON "tour_groups" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_groups_code_uq" ON "tour_groups" USING btree (coalesce("brand_id", 0),coalesce("hotel_id", 0),"code");--> statement-breakpoint
CREATE INDEX "tour_groups_arrival_idx" ON "tour_groups" USING btree ("arrival");--> statement-breakpoint
CREATE INDEX "tour_groups_source_idx" ON "tour_groups" USING btree ("source");--> statement-breakpoint
CREATE UNIQUE INDEX "pms_interfaces_fias_port_uq" ON "pms_interfaces" USING btree ("fias_port");--> statement-breakpoint
CREATE INDEX "pms_vendors_protocol_idx" ON "pms_vendors" USING btree ("protocol");