-- Issue 28: profiles created on a free plan with a billing cycle (STUDIO-FREE-V3: 0 đ, monthly) were given the
-- cycle's end as the package's expiry, while their wallet never lapses: /studio showed a date, /admin "never". The
-- free plan does not expire; profiles still on one lose the date (paid plans and trials keep theirs).
UPDATE "app"."users" u SET "package_expires_at" = NULL
FROM "app"."packages" p
WHERE p."code" = u."package_code" AND p."price" = 0 AND p."cycle" IS NOT NULL AND u."package_expires_at" IS NOT NULL;
