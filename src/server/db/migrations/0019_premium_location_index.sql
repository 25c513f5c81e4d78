-- Companies with premium placement in a circle, on their own: a by-distance listing takes them
-- from the whole circle and the rest from a smaller one.
CREATE INDEX "companies_premium_location_idx" ON "companies" USING btree ("latitude","longitude") WHERE "companies"."is_active" AND "companies"."is_premium";