-- Issue 27 item 2: the locale a user last asked for (a message request's `locale`), so messages sent without a
-- request (security notices) are written in it. Nullable: null means "never asked", and the message falls back to
-- English. Not in the users trigger's column list (0025), so writing it leaves the profile document as it is.
ALTER TABLE "users" ADD COLUMN "locale" text;
