-- Issue 26 item 3 (Messages): one row per message sent, whichever way it went, with its status and the provider's
-- answer, never its body (schema.ts messageLog). The messages the dev outbox already holds come over as sent to the
-- outbox, under the same ids, so the console's list does not start empty after the upgrade.
CREATE TABLE "message_log" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"project_id" text,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_answer" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "message_log_project_seq_idx" ON "message_log" USING btree ("project_id","seq");--> statement-breakpoint
CREATE INDEX "message_log_project_to_idx" ON "message_log" USING btree ("project_id",lower("to"),"seq");--> statement-breakpoint
CREATE INDEX "message_log_created_idx" ON "message_log" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "message_log" ("id", "project_id", "channel", "to", "subject", "status", "provider", "created_at")
  SELECT "id", "project_id", "channel", "to", "subject", 'outbox', 'outbox', "created_at" FROM "outbox_messages" ORDER BY "seq";
