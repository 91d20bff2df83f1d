package referee

// Audience of an event-log entry.
const (
	toEveryone Seat = -2
	toNoOne    Seat = -3
)

type logEntry struct {
	to     Seat  // a seat, toEveryone or toNoOne
	full   Event // the truth
	others Event // what everyone but `to` sees; nil: nothing
}

// EventLog is a game's authoritative log. Each entry says who sees it in
// full; everyone else sees a redacted form or nothing. Each seat's messages
// are built from For(seat, ...) only, so hidden information is kept out by
// construction.
type EventLog struct {
	entries []logEntry
	watch   func(index int)
}

func (l *EventLog) add(e logEntry) {
	l.entries = append(l.entries, e)
	if l.watch != nil {
		l.watch(len(l.entries) - 1)
	}
}

// Watch calls fn with the index of every entry as it is added, while the
// engine is in the state in which it logged it. The conformance suite uses
// it to check each event against what each seat may know at that moment.
func (l *EventLog) Watch(fn func(index int)) { l.watch = fn }

// Public records an event that every seat sees as it is.
func (l *EventLog) Public(ev Event) { l.add(logEntry{to: toEveryone, full: ev}) }

// Private records an event that seat s sees in full while every other seat
// (and the public) sees others, which may be nil for nothing at all.
func (l *EventLog) Private(s Seat, full, others Event) {
	l.add(logEntry{to: s, full: full, others: others})
}

// Secret records an event that no seat sees during play (a shuffle's deck
// order, say). It goes into the game record only.
func (l *EventLog) Secret(ev Event) { l.add(logEntry{to: toNoOne, full: ev}) }

// Len is the number of entries so far; use it as a cursor for For.
func (l *EventLog) Len() int { return len(l.entries) }

// For returns what seat s (NoSeat: the public) sees of the entries from
// index from onward.
func (l *EventLog) For(s Seat, from int) []Event {
	var out []Event
	for _, e := range l.entries[from:] {
		switch {
		case e.to == toEveryone || (e.to == s && s >= 0):
			out = append(out, e.full)
		case e.others != nil:
			out = append(out, e.others)
		}
	}
	return out
}

// Truth returns every entry in full, secrets included, from index from.
func (l *EventLog) Truth(from int) []Event {
	out := make([]Event, 0, len(l.entries)-from)
	for _, e := range l.entries[from:] {
		out = append(out, e.full)
	}
	return out
}
