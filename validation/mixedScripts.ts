// Apart from the confusables table, so a scan that only asks which scripts a name mixes stays small.

// ISO 15924 codes of every script with letters, as Unicode 17 lists them. Common and Inherited are
// left out (they go with any script); a code the running engine does not know is skipped.
const SCRIPT_CODES =
  'Adlm Aghb Ahom Arab Armi Armn Avst Bali Bamu Bass Batk Beng Berf Bhks Bopo Brah Brai Bugi Buhd Cakm Cans Cari Cham Cher Chrs Copt Cpmn Cprt Cyrl Deva Diak Dogr Dsrt Dupl Egyp Elba Elym Ethi Gara Geor Glag Gong Gonm Goth Gran Grek Gujr Gukh Guru Hang Hani Hano Hatr Hebr Hira Hluw Hmng Hmnp Hung Ital Java Kali Kana Kawi Khar Khmr Khoj Kits Knda Krai Kthi Lana Laoo Latn Lepc Limb Lina Linb Lisu Lyci Lydi Mahj Maka Mand Mani Marc Medf Mend Merc Mero Miao Mlym Modi Mong Mroo Mtei Mult Mymr Nagm Nand Narb Nbat Newa Nkoo Nshu Ogam Olck Onao Orkh Orya Osge Osma Ougr Palm Pauc Perm Phag Phli Phlp Phnx Plrd Prti Rjng Rohg Runr Samr Sarb Saur Sgnw Shaw Shrd Sidd Sidt Sind Sinh Sogd Sogo Sora Soyo Sund Sunu Sylo Syrc Tagb Takr Tale Talu Taml Tang Tavt Tayo Telu Tfng Tglg Thaa Thai Tibt Tirh Tnsa Todr Tols Toto Tutg Ugar Vaii Vith Wara Wcho Xpeo Xsux Yezi Yiii Zanb'.split(
    ' ',
  );

// TR39 5.2 Highly Restrictive: one script, or Latin with the scripts Chinese, Japanese and Korean are
// written in together.
const HIGHLY_RESTRICTIVE_SETS = [
  ['Latn', 'Hani', 'Hira', 'Kana'],
  ['Latn', 'Hani', 'Bopo'],
  ['Latn', 'Hani', 'Hang'],
];

let scriptTests: [string, RegExp][] | undefined;
const scriptCache = new Map<number, string[]>();

// Script_Extensions of one character, Common and Inherited left out: "ー" is Hiragana and Katakana.
function scriptsOf(ch: string): string[] {
  const cp = ch.codePointAt(0) ?? 0;
  let found = scriptCache.get(cp);
  if (found) return found;
  scriptTests ??= SCRIPT_CODES.flatMap((code): [string, RegExp][] => {
    try {
      return [[code, new RegExp(`^\\p{Script_Extensions=${code}}$`, 'u')]];
    } catch {
      return [];
    }
  });
  found = scriptTests.filter(([, re]) => re.test(ch)).map(([code]) => code);
  scriptCache.set(cp, found);
  return found;
}

/** English name of a script code ("Cyrl" → "Cyrillic"), the code where the engine has no names. */
export function scriptName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'script' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The scripts of `name` when they mix beyond TR39's Highly Restrictive level (Latin with Cyrillic,
 * Greek with Latin…), else undefined. "東京 Weather" (Han, Hiragana or Katakana, Latin) is fine.
 */
export function mixedScripts(name: string): string[] | undefined {
  const sets = [...name.normalize('NFKC')].map(scriptsOf).filter((s) => s.length > 0);
  if (sets.length === 0) return undefined;
  const first = sets[0] ?? [];
  if (first.some((code) => sets.every((s) => s.includes(code)))) return undefined;
  if (HIGHLY_RESTRICTIVE_SETS.some((allowed) => sets.every((s) => s.some((c) => allowed.includes(c)))))
    return undefined;
  // Name the scripts involved: each character's first script.
  return [...new Set(sets.map((s) => s[0] ?? ''))].sort();
}
