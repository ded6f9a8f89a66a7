CREATE TABLE "washing_machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"number" varchar(20) NOT NULL,
	"third_party_id" varchar(64) NOT NULL,
	"type" varchar(40) DEFAULT 'washer' NOT NULL,
	"state" varchar(40) DEFAULT 'offline' NOT NULL,
	"room_number" varchar(16),
	"ends_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_bindings" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"terminal_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"room_number" varchar(20),
	"stay_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_pair_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"terminal_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "laundry_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"machine_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"room_number" varchar(20) NOT NULL,
	"state" varchar(10) DEFAULT 'running' NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_bindings" ADD CONSTRAINT "phone_bindings_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_pair_codes" ADD CONSTRAINT "phone_pair_codes_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laundry_bookings" ADD CONSTRAINT "laundry_bookings_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "washing_machines_tenant_idx" ON "washing_machines" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "washing_machines_number_uq" ON "washing_machines" USING btree (coalesce("brand_id", 0),coalesce("hotel_id", 0),"number");--> statement-breakpoint
CREATE UNIQUE INDEX "washing_machines_third_party_id_uq" ON "washing_machines" USING btree (coalesce("brand_id", 0),coalesce("hotel_id", 0),"third_party_id");--> statement-breakpoint
CREATE INDEX "washing_machines_type_idx" ON "washing_machines" USING btree ("type");--> statement-breakpoint
CREATE INDEX "washing_machines_state_idx" ON "washing_machines" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_bindings_token_uq" ON "phone_bindings" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "phone_bindings_terminal_idx" ON "phone_bindings" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "phone_bindings_stay_idx" ON "phone_bindings" USING btree ("stay_id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_pair_codes_hash_uq" ON "phone_pair_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "phone_pair_codes_expires_idx" ON "phone_pair_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "laundry_bookings_room_idx" ON "laundry_bookings" USING btree ("hotel_id","room_number","created_at");--> statement-breakpoint
CREATE INDEX "laundry_bookings_machine_idx" ON "laundry_bookings" USING btree ("machine_id","state");