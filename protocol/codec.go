package protocol

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// DefaultMaxLine is the longest line a bot may send: 1 MiB.
const DefaultMaxLine = 1 << 20

// ErrLineTooLong is returned for a line over the cap. The reader stops
// there: what follows cannot be trusted to be a message boundary.
var ErrLineTooLong = errors.New("line too long")

// LineReader reads newline-terminated lines with a size cap, without ever
// holding more than the cap in memory.
type LineReader struct {
	r   *bufio.Reader
	max int
	buf []byte
}

// NewLineReader reads lines of at most max bytes (DefaultMaxLine if max is
// 0 or less) from r.
func NewLineReader(r io.Reader, max int) *LineReader {
	if max <= 0 {
		max = DefaultMaxLine
	}
	return &LineReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// ReadLine returns the next line without its "\n" (or "\r\n"). A last line
// without a newline is returned at EOF. The slice is valid until the next
// call.
func (l *LineReader) ReadLine() ([]byte, error) {
	l.buf = l.buf[:0]
	for {
		chunk, err := l.r.ReadSlice('\n')
		if len(l.buf)+len(chunk) > l.max+1 || (len(l.buf)+len(chunk) > l.max && !bytes.HasSuffix(chunk, []byte("\n"))) {
			return nil, fmt.Errorf("%w: more than %d bytes without a newline", ErrLineTooLong, l.max)
		}
		l.buf = append(l.buf, chunk...)
		switch {
		case err == nil:
			line := bytes.TrimSuffix(l.buf[:len(l.buf)-1], []byte("\r"))
			return line, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(l.buf) > 0:
			return l.buf, nil
		default:
			return nil, err
		}
	}
}

// Encode writes v as one line of JSON.
func Encode(v any) ([]byte, error) {
	if r, ok := v.(*Request); ok {
		return r.encode()
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// encode writes a request without re-checking its view and events, which
// the referee encoded itself a moment ago: the same bytes json.Marshal
// gives, at a fraction of the cost on the per-move path.
func (r *Request) encode() ([]byte, error) {
	head, err := json.Marshal(struct {
		Type   string `json:"type"`
		ID     int64  `json:"id"`
		GameID string `json:"game_id"`
		Seat   int    `json:"seat"`
	}{r.Type, r.ID, r.GameID, r.Seat})
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Grow(len(head) + len(r.View) + 256*len(r.Events) + 64*len(r.Legal) + len(r.Choice) + 64)
	b.Write(head[:len(head)-1])
	b.WriteString(`,"view":`)
	if len(r.View) == 0 {
		b.WriteString("null")
	} else {
		b.Write(r.View)
	}
	b.WriteString(`,"events":`)
	if r.Events == nil {
		b.WriteString("null")
	} else {
		b.WriteByte('[')
		for i, e := range r.Events {
			if i > 0 {
				b.WriteByte(',')
			}
			b.Write(e)
		}
		b.WriteByte(']')
	}
	tail, err := json.Marshal(struct {
		Legal   []Move          `json:"legal,omitempty"`
		Choice  json.RawMessage `json:"choice,omitempty"`
		TimeMs  int64           `json:"time_ms"`
		BankMs  int64           `json:"bank_ms,omitempty"`
		MoveNum int             `json:"move_number"`
	}{r.Legal, r.Choice, r.TimeMs, r.BankMs, r.MoveNum})
	if err != nil {
		return nil, err
	}
	b.WriteByte(',')
	b.Write(tail[1:])
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// Decode checks that line is one JSON object of the wanted type and reads
// it into v. Its errors say what is wrong in words a bot author can act on.
func Decode(line []byte, want string, v any) error {
	if !utf8.Valid(line) {
		return fmt.Errorf("the line is not valid UTF-8: %s", Quote(line))
	}
	trimmed := bytes.TrimSpace(line)
	if len(trimmed) == 0 {
		return errors.New("an empty line: send one JSON object per line")
	}
	if trimmed[0] != '{' {
		return fmt.Errorf("not a JSON object: %s (each line must be one JSON object such as {\"type\":%q,...}; log to stderr, not stdout)", Quote(line), want)
	}
	var env Envelope
	if err := json.Unmarshal(trimmed, &env); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return fmt.Errorf("the \"type\" field must be a string: %s", Quote(line))
		}
		return fmt.Errorf("not valid JSON (%v): %s", err, Quote(line))
	}
	if env.Type != want {
		if env.Type == "" {
			return fmt.Errorf("the message has no \"type\"; expected type %q: %s", want, Quote(line))
		}
		return fmt.Errorf("expected a message of type %q, got %q", want, env.Type)
	}
	if err := json.Unmarshal(trimmed, v); err != nil {
		return fmt.Errorf("a %q message with a bad field (%v): %s", want, err, Quote(line))
	}
	return nil
}

// Quote shortens a line for an error message.
func Quote(line []byte) string {
	const max = 200
	if len(line) > max {
		return fmt.Sprintf("%q... (%d bytes)", line[:max], len(line))
	}
	return fmt.Sprintf("%q", line)
}
