-- #33 item 4 (the change summary between two revisions of a 260,000-row project in <= 3 s): each kept row's digest
-- (md5 of its JSON's text, as a uuid), written when a revision is issued, so two revisions are compared by a narrow
-- (list, key, digest) join instead of a hash join of whole rows spilling to disk. Rows kept before this stay null:
-- revision rows never change (0009's triggers), and the summary works their digest out when it reads them.
ALTER TABLE "revision_rows" ADD COLUMN "digest" uuid;
