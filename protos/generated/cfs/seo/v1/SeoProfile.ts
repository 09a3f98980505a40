// Original file: protos/cfs/seo/v1/seo.proto


export interface SeoProfile {
  'siteName'?: (string);
  'locale'?: (string);
  'keywords'?: (string)[];
  'tone'?: (string);
  'topics'?: (string)[];
  'updatedAt'?: (string);
  '_updatedAt'?: "updatedAt";
}

export interface SeoProfile__Output {
  'siteName': (string);
  'locale': (string);
  'keywords': (string)[];
  'tone': (string);
  'topics': (string)[];
  'updatedAt'?: (string);
  '_updatedAt'?: "updatedAt";
}
