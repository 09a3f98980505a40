-- A User is unique per (Customer, e-mail): the same e-mail may be a User of several Customers.
-- E-mails were unique across the system until now, so no existing rows can collide.
-- DropIndex
DROP INDEX "dashboard_users_email_key";

-- CreateIndex
CREATE INDEX "dashboard_users_email_idx" ON "dashboard_users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "dashboard_users_customer_id_email_key" ON "dashboard_users"("customer_id", "email");
