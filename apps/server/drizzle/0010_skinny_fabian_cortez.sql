CREATE TABLE "captcha_claims" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "config_generations" (
	"scope" varchar(10) NOT NULL,
	"key" integer NOT NULL,
	"gen" bigint NOT NULL,
	CONSTRAINT "config_generations_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "captcha_claims_at_idx" ON "captcha_claims" USING btree ("at");