CREATE TABLE "app_launches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"mac" varchar(12) NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"package" varchar(128) NOT NULL,
	"app_name" varchar(64),
	"version_name" varchar(32),
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "app_launches_at_idx" ON "app_launches" USING btree ("at");--> statement-breakpoint
CREATE INDEX "app_launches_terminal_idx" ON "app_launches" USING btree ("terminal_id","at");--> statement-breakpoint
CREATE INDEX "app_launches_package_idx" ON "app_launches" USING btree ("package","at");--> statement-breakpoint
CREATE INDEX "app_launches_brand_idx" ON "app_launches" USING btree ("brand_id","at");--> statement-breakpoint
CREATE INDEX "app_launches_hotel_idx" ON "app_launches" USING btree ("hotel_id","at");