/**
 * Entry of the embeddable bundle (dist/widget/widget.js). Importing it registers <triage-chat>
 * and its inner elements. A page may load both /widget.js and a versioned /widget.<hash>.js
 * (or a CMS may inject the tag twice): defining a name twice throws, so the first copy wins.
 */
import { TriageChat } from './triage-chat.js';
import { TriageDemographics } from './triage-demographics.js';
import { TriageMessage } from './triage-message.js';
import { TriageSummary } from './triage-summary.js';

const elements: [string, CustomElementConstructor][] = [
  ['triage-message', TriageMessage],
  ['triage-demographics', TriageDemographics],
  ['triage-summary', TriageSummary],
  ['triage-chat', TriageChat],
];
for (const [name, ctor] of elements) if (!customElements.get(name)) customElements.define(name, ctor);

export { TriageChat, TriageDemographics, TriageMessage, TriageSummary };
export type { TriageChatMode } from './triage-chat.js';
export type { ChatEntry, Demographics, Source, TriageEventMap, TurnView } from './types.js';
