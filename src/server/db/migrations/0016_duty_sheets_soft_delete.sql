ALTER TABLE "duty_sheets" ADD COLUMN "deleteflag" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written: a soft-deleted duty sheet says nothing on its equipment row (its power check is left out of duty_check).
CREATE OR REPLACE FUNCTION "refresh_equipment_duty_check"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "mech_equipment" e SET "duty_check" = c."check"
  FROM (
    SELECT m."id", (SELECT string_agg(d."sheet_number" || ': ' || d."power_check", '; ' ORDER BY d."sheet_number") FROM "duty_sheets" d WHERE d."equipment_id" = m."id" AND d."power_check" IS NOT NULL AND NOT d."deleteflag") AS "check"
    FROM "mech_equipment" m WHERE m."id" = ANY(ids)
  ) c
  WHERE e."id" = c."id" AND e."duty_check" IS DISTINCT FROM c."check";
END $$;
