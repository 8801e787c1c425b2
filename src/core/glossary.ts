/**
 * The product's Japanese terms: the forms the source article (a Japanese tutorial on control-plane and node
 * anatomy in a kind cluster) uses, and the forms it does not. Every Japanese string of the product — hovers,
 * the tree, the diagram, the CLI, the manifest's contributions — follows it; test/unit/glossary.test.ts checks
 * every English/Japanese pair against it.
 */
export interface GlossaryTerm {
  /** How the English side says it; matched as a whole word, case-insensitively unless `caseSensitive`. */
  readonly en: string;
  /** The article's form, which a Japanese string says wherever its English says `en` (when `required`). */
  readonly ja: string;
  /** Other forms of the same term; no Japanese string may use them. */
  readonly not: readonly string[];
  /** Japanese that says `en` must contain `ja` (terms with one fixed rendering). */
  readonly required?: boolean;
  readonly caseSensitive?: boolean;
  readonly note?: string;
}

export const glossary: readonly GlossaryTerm[] = [
  {
    en: 'static Pod',
    ja: 'static Pod',
    not: ['静的 Pod', '静的Pod', 'スタティック Pod', 'スタティックPod'],
    required: true,
    note: 'The article keeps the term in English.',
  },
  { en: 'mirror Pod', ja: 'mirror Pod', not: ['ミラー Pod', 'ミラーPod'], required: true, note: 'The article keeps the term in English.' },
  { en: 'cluster', ja: 'クラスタ', not: ['クラスター'] },
  { en: 'resource', ja: 'リソース', not: ['資源'] },
  { en: 'control plane', ja: 'コントロールプレーン', not: ['コントロール プレーン', '制御プレーン', '制御面'] },
  { en: 'node', ja: 'ノード', not: ['節点'] },
  {
    en: 'container runtime',
    ja: 'コンテナランタイム',
    not: ['コンテナ ランタイム', 'コンテナーランタイム', 'コンテナー ランタイム'],
    required: true,
  },
  { en: 'heartbeat', ja: 'ハートビート', not: ['心拍'], required: true },
  {
    en: 'watch',
    ja: '監視',
    not: [],
    note: "監視 means a watch (kube-apiserver's, or kubelet on its manifests folder) and nothing else: renewing a Lease, reading a field or checking a value is not 監視. Japanese with 監視 must say watch in English.",
  },
  {
    en: 'Architecture',
    ja: '構成図',
    not: ['アーキテクチャ'],
    required: true,
    caseSensitive: true,
    note: 'The diagram of the cluster; 構成 alone is ambiguous with the anatomy.',
  },
  {
    en: 'anatomy',
    ja: '構成要素',
    not: [],
    required: true,
    caseSensitive: true,
    note: 'The components by role (the tree, the Markdown copy); the product name Cluster Anatomy stays in English.',
  },
];

/** The term's Japanese form for a Japanese text, its English form otherwise. */
export function term(en: string, language: 'en' | 'ja'): string {
  if (language === 'en') return en;
  const found = glossary.find((candidate) => candidate.en === en);
  if (!found) throw new Error(`not in the glossary: ${en}`);
  return found.ja;
}
