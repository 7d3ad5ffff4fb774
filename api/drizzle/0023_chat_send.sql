CREATE TABLE "chat_bells" (
	"chat_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_bells_chat_id_user_id_pk" PRIMARY KEY("chat_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_bells" ADD CONSTRAINT "chat_bells_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_bells" ADD CONSTRAINT "chat_bells_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: the last chat-message notification of each (chat, recipient) so far, so the window holds across the change.
INSERT INTO "chat_bells" ("chat_id", "user_id", "notified_at")
SELECT "chat_id", "user_id", max("created_at") FROM "notifications"
WHERE "kind" = 'chat_message' AND "chat_id" IS NOT NULL
GROUP BY "chat_id", "user_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Hand-written: the rate-limit counter upsert of src/lib/rate-limit-store.ts as a function, so a query that
-- looks up a session can bump the signed-in user's counter in the same round trip (POST /api/message/createMessage).
CREATE OR REPLACE FUNCTION referio_rate_limit_incr(p_key text, p_now timestamptz, p_reset_at timestamptz)
RETURNS jsonb LANGUAGE sql VOLATILE AS $$
  INSERT INTO rate_limits AS r (key, count, reset_at) VALUES (p_key, 1, p_reset_at)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.reset_at <= p_now THEN 1 ELSE r.count + 1 END,
    reset_at = CASE WHEN r.reset_at <= p_now THEN p_reset_at ELSE r.reset_at END
  RETURNING jsonb_build_object('count', r.count, 'resetAt', r.reset_at)
$$;
