// Plural forms and units by the browser's own rules (Intl), for every table: English and
// German have two forms (one, other), Czech three for whole numbers (one: 1; few: 2–4;
// other: 5 and more) and a fourth for decimals (many). A table names its forms once per
// word and leaves the choice to Intl.PluralRules.

/** `pick(n, {one, few, many, other})`: the form the language's rules give for n (`other`
 * when the table has no such form). */
export function plurals(locale) {
  const rules = new Intl.PluralRules(locale);
  return (n, forms) => forms[rules.select(n)] ?? forms.other;
}
