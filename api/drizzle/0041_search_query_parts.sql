-- The search's query reads its tokens as referio_search_query_parts() and referio_search_query_scope()
-- say (api/sql/functions/search_query_page.sql): the functions they replace, whose signatures changed,
-- go. The function files are applied before this migration too, so no search calls these any more.
DROP FUNCTION IF EXISTS referio_search_query_terms(jsonb, text[]);
--> statement-breakpoint
DROP FUNCTION IF EXISTS referio_search_driver_blocks(text[], integer[], integer[]);
--> statement-breakpoint
DROP FUNCTION IF EXISTS referio_search_query_blocks(text[], integer[], integer[], integer[], integer, text[], integer[], integer, integer);
