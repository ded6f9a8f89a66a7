CREATE TABLE "tv_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"model" varchar(40) NOT NULL,
	"power" varchar(40),
	"home" varchar(40),
	"menu" varchar(40),
	"back" varchar(40),
	"ok" varchar(40),
	"up" varchar(40),
	"down" varchar(40),
	"left" varchar(40),
	"right" varchar(40),
	"volume_up" varchar(40),
	"volume_down" varchar(40),
	"mute" varchar(40),
	"channel_up" varchar(40),
	"channel_down" varchar(40),
	"source" varchar(40),
	"voice" varchar(40),
	"note" varchar(200),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_casts" (
	"id" serial PRIMARY KEY NOT NULL,
	"binding_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"room_number" varchar(20),
	"stay_id" integer,
	"kind" varchar(10) NOT NULL,
	"file_id" uuid,
	"url" varchar(2000),
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"issued_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_casts" ADD CONSTRAINT "phone_casts_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_casts" ADD CONSTRAINT "phone_casts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tv_codes_tenant_idx" ON "tv_codes" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tv_codes_model_uq" ON "tv_codes" USING btree (coalesce("brand_id", 0),coalesce("hotel_id", 0),"model");--> statement-breakpoint
CREATE INDEX "phone_casts_terminal_idx" ON "phone_casts" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "phone_casts_stay_idx" ON "phone_casts" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "phone_casts_file_idx" ON "phone_casts" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_uq" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");