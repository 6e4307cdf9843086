-- Hand-written (issue #37, ADR 048): the words the listings hold, read from the search index itself. A word a person
-- typed that some listing holds ("wedding", «مدرسة») is never mended into a trade one letter away ("welding", «مدرس»).
-- Nothing is reindexed: fts5vocab reads providers_fts as it is.
CREATE VIRTUAL TABLE `providers_fts_vocab` USING fts5vocab('providers_fts', 'row');
