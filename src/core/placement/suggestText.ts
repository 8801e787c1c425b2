/**
 * Placement suggestions in words, in the catalog's language. Node names, label keys and values, taint keys and
 * Pod names are cluster data: `text` lets a view escape each before it joins a sentence.
 */
import { format } from '../util/catalog';
import { taintText } from './filters';
import { formatAmount } from './quantity';
import { defaultPlacementStrings, type PlacementStrings, type ViewText } from './strings';
import type { CannotSuggest, PlacementChange, PlacementSuggestion } from './suggest';

/** Node names listed in a sentence before "… and N more". */
const NAMES_SHOWN = 3;

function names(nodes: readonly string[], s: PlacementStrings, text: ViewText): string {
  const shown = nodes.slice(0, NAMES_SHOWN).map(text).join(', ');
  return nodes.length > NAMES_SHOWN ? format(s.hoverListMore, shown, nodes.length - NAMES_SHOWN) : shown;
}

export function changeText(change: PlacementChange, s: PlacementStrings = defaultPlacementStrings, text: ViewText = String): string {
  switch (change.kind) {
    case 'tolerate':
      return format(s.changeTolerate, text(taintText(change.taint)), names(change.carriers, s, text));
    case 'dropNodeSelector':
      return change.labelled.length > 0
        ? format(s.changeDropSelector, text(change.key), text(change.wanted), names(change.labelled, s, text))
        : format(s.changeDropSelectorNowhere, text(change.key), text(change.wanted));
    case 'changeNodeSelector':
      return format(s.changeSelectorValue, text(change.key), text(change.wanted), text(change.value), names(change.labelled, s, text));
    case 'dropNodeAffinity':
      return s.changeDropNodeAffinity;
    case 'lowerRequest':
      return format(
        s.changeLowerRequest,
        text(change.resource),
        text(formatAmount(change.resource, change.from)),
        text(formatAmount(change.resource, change.to)),
        names(change.on, s, text),
      );
    case 'freeHostPort':
      return format(s.changeFreeHostPort, text(`${change.port.port}/${change.port.protocol}`), text(change.node), text(change.heldBy));
    case 'dropAntiAffinity':
      return format(s.changeDropAntiAffinity, text(change.topologyKey));
    case 'raiseMaxSkew':
      return format(s.changeRaiseMaxSkew, text(change.topologyKey), change.from, change.to);
    case 'spreadScheduleAnyway':
      return format(s.changeScheduleAnyway, text(change.topologyKey));
  }
}

/** The changes together ("tolerate …, and lower …"). */
export function changesText(
  changes: readonly PlacementChange[],
  s: PlacementStrings = defaultPlacementStrings,
  text: ViewText = String,
): string {
  return changes.map((change) => changeText(change, s, text)).reduce((joined, next) => format(s.suggestBoth, joined, next));
}

/** A suggestion in one line: the changes, and the nodes it fits then. */
export function suggestionText(
  suggestion: PlacementSuggestion,
  s: PlacementStrings = defaultPlacementStrings,
  text: ViewText = String,
): string {
  const changes = changesText(suggestion.changes, s, text);
  const fits = names(suggestion.fits, s, text);
  return suggestion.fits.length === 1
    ? format(s.suggestFitsOne, changes, suggestion.total, fits)
    : format(s.suggestFits, changes, suggestion.fits.length, suggestion.total, fits);
}

export function cannotSuggestText(note: CannotSuggest, s: PlacementStrings = defaultPlacementStrings, text: ViewText = String): string {
  switch (note.kind) {
    case 'volumes':
      return format(s.cannotVolumes, text(note.claims.join(', ')));
    case 'preemption':
      return format(s.cannotPreemption, text(note.priorityClass));
    case 'unreadableRequests':
      return format(s.cannotRequests, text(note.resources.join(', ')));
    case 'nodeName':
      return format(note.listed ? s.cannotNodeName : s.cannotNodeNameMissing, text(note.node));
    case 'unknownFilters':
      return format(s.cannotUnknown, text(note.filters.join(', ')));
  }
}
