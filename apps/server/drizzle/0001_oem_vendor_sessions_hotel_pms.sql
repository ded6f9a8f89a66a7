CREATE TABLE "oem_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"oem_user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oem_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "hotels" ADD COLUMN "pms_vendor_id" integer;--> statement-breakpoint
ALTER TABLE "oem_customers" ADD COLUMN "enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "oem_sessions" ADD CONSTRAINT "oem_sessions_oem_user_id_oem_users_id_fk" FOREIGN KEY ("oem_user_id") REFERENCES "public"."oem_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oem_sessions_oem_user_idx" ON "oem_sessions" USING btree ("oem_user_id");--> statement-breakpoint
CREATE INDEX "hotels_pms_vendor_id_idx" ON "hotels" USING btree ("pms_vendor_id");--> statement-breakpoint
CREATE INDEX "oem_customers_enabled_idx" ON "oem_customers" USING btree ("enabled");