/**
 * Translations of catalogue rows (`translations` jsonb columns): the row's own columns are Vietnamese, the original;
 * `translations.en` holds the English text field by field. A missing field is shown in Vietnamese.
 */
export type Translations<T> = { en?: Partial<T> }

export type PackageTranslations = Translations<{ name: string; description: string; highlights: string[] }>
export type VoucherTranslations = Translations<{ title: string; description: string }>
export type BannerTranslations = Translations<{ imageUrl: string }>
