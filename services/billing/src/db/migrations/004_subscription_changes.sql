-- Every write to a subscription, from any replica or by hand, tells the listening replicas which
-- user's row changed once it commits: they keep the rows GET /api/subscription reads in memory
-- and drop one the moment it changes (NOTIFY subscriptions_changed, the user id as payload).
CREATE FUNCTION notify_subscription_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('subscriptions_changed', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('subscriptions_changed', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER subscriptions_changed AFTER INSERT OR UPDATE OR DELETE ON subscriptions
  FOR EACH ROW EXECUTE FUNCTION notify_subscription_changed();
