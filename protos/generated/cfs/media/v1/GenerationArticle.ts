// Original file: protos/cfs/media/v1/media.proto


/**
 * The parts of an article a generation uses.
 */
export interface GenerationArticle {
  /**
   * The article (`art_…`).
   */
  'id'?: (string);
  /**
   * Its version (e.g. its updatedAt, RFC 3339 UTC): a new version is generated again.
   */
  'version'?: (string);
  /**
   * Its title (the prompts carry it).
   */
  'title'?: (string);
  /**
   * Its summary (the text prompt carries it).
   */
  'summary'?: (string);
  /**
   * Its categories (the text prompt carries them).
   */
  'categories'?: (string)[];
}

/**
 * The parts of an article a generation uses.
 */
export interface GenerationArticle__Output {
  /**
   * The article (`art_…`).
   */
  'id': (string);
  /**
   * Its version (e.g. its updatedAt, RFC 3339 UTC): a new version is generated again.
   */
  'version': (string);
  /**
   * Its title (the prompts carry it).
   */
  'title': (string);
  /**
   * Its summary (the text prompt carries it).
   */
  'summary': (string);
  /**
   * Its categories (the text prompt carries them).
   */
  'categories': (string)[];
}
