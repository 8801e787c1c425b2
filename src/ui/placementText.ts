/**
 * Placement in the user's language: the core's catalog (src/core/placement/strings.ts) through vscode.l10n.t.
 * Node names, label values, taint keys, Pod names and error messages are cluster data: in the hover's Markdown
 * each is escaped before it joins a sentence, so it renders as text and never as markup or a link.
 */
import * as vscode from 'vscode';
import type { FilterEvidence } from '../core/placement/filters';
import { type PlacementHover, placementHoverParts } from '../core/placement/hoverAnswer';
import { defaultPlacementStrings, type PlacementStrings, rejectedNodeSentence } from '../core/placement/strings';
import { localizeCatalog } from '../core/util/catalog';
import { escapeMarkdown } from '../core/util/markdown';

/** src/core/placement/strings.ts in the display language: the English text is the key in l10n/bundle.l10n.*.json. */
export function localizedPlacementStrings(): PlacementStrings {
  return localizeCatalog(defaultPlacementStrings, (english) => vscode.l10n.t(english));
}

/** Cluster or file text as literal Markdown. */
const text = (value: string | number) => escapeMarkdown(String(value), { autolinks: false });

/** Why a node does not fit, with the node as the subject, as plain text, for tree rows and the diagram (which draw text, never markup). */
export function rejectedNodeText(node: string, evidence: FilterEvidence): string {
  return rejectedNodeSentence(node, evidence, localizedPlacementStrings());
}

/**
 * The placement part of a manifest hover, as Markdown paragraphs (the caller adds the separator above). `applyLinks`
 * are command links that make each suggestion's edit in the editor, by the suggestion's index (none: no edit).
 */
export function placementHoverMarkdown(hover: PlacementHover, applyLinks: readonly (string | undefined)[] = []): string {
  const parts = placementHoverParts(hover, localizedPlacementStrings(), text);
  const paragraphs = [`**${parts.on}** ${parts.answer}`];
  if (parts.rejected.length > 0) paragraphs.push(parts.rejected.map((line) => `- ${line}`).join('\n'));
  if (parts.unknown !== undefined) paragraphs.push(parts.unknown);
  if (parts.boundPodsError !== undefined) paragraphs.push(parts.boundPodsError);
  if (parts.suggestHeading !== undefined) {
    const apply = vscode.l10n.t('Make this edit');
    const lines = parts.suggestions.map((line, index) => {
      const link = applyLinks[index];
      return `- ${line}${link ? ` — [${apply}](${link} "${vscode.l10n.t('Edit the manifest in the editor; save and apply it as usual')}")` : ''}`;
    });
    paragraphs.push(`**${parts.suggestHeading}**`, lines.join('\n'));
  }
  paragraphs.push(...parts.notes.map((note) => `*${note}*`));
  return paragraphs.join('\n\n');
}
