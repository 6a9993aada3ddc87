-- A ticketed sandbox order can now be cancelled (a confirmed cancellation quote voids its tickets); it
-- keeps its PNR and ticket numbers for the record. Only a ticketed order must have a PNR.
ALTER TABLE sandbox_orders DROP CONSTRAINT sandbox_orders_check;
ALTER TABLE sandbox_orders ADD CONSTRAINT sandbox_orders_ticketed_has_pnr CHECK (state <> 'ticketed' OR pnr IS NOT NULL);
