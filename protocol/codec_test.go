package protocol

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestLineReaderSplitsLinesAndCapsLength(t *testing.T) {
	r := NewLineReader(strings.NewReader("{\"a\":1}\r\n{\"b\":2}\nlast"), 16)
	for _, want := range []string{`{"a":1}`, `{"b":2}`, "last"} {
		got, err := r.ReadLine()
		if err != nil || string(got) != want {
			t.Fatalf("ReadLine = %q, %v; want %q", got, err, want)
		}
	}
	if _, err := r.ReadLine(); !errors.Is(err, io.EOF) {
		t.Fatalf("after the last line: %v, want EOF", err)
	}

	exact := strings.Repeat("x", 16)
	r = NewLineReader(strings.NewReader(exact+"\n"+exact+"y\n"), 16)
	if got, err := r.ReadLine(); err != nil || string(got) != exact {
		t.Fatalf("a line of exactly the cap: %q, %v", got, err)
	}
	if _, err := r.ReadLine(); !errors.Is(err, ErrLineTooLong) {
		t.Fatalf("a line one byte over the cap: %v, want ErrLineTooLong", err)
	}
}

// endless is a reader that never sends a newline.
type endless struct{ n int }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	e.n += len(p)
	return len(p), nil
}

func TestLineReaderStopsEarlyOnAHugeLine(t *testing.T) {
	src := &endless{}
	r := NewLineReader(src, 1<<20)
	if _, err := r.ReadLine(); !errors.Is(err, ErrLineTooLong) {
		t.Fatalf("err = %v", err)
	}
	if src.n > 2<<20 {
		t.Fatalf("read %d bytes to find a 1 MiB line too long", src.n)
	}
}

func TestDecodeExplainsBadMessages(t *testing.T) {
	for line, want := range map[string]string{
		"hello world":                       "not a JSON object",
		`{"type":"move","id":1,"move":`:     "not valid JSON",
		`{"id":1}`:                          `has no "type"`,
		`{"type":"ready"}`:                  `expected a message of type "move", got "ready"`,
		`{"type":"move","id":"one"}`:        "bad field",
		"\xff\xfe":                          "not valid UTF-8",
		"":                                  "empty line",
		`{"type":"move","move":{"card":5}}`: "bad field",
	} {
		var m MoveReply
		err := Decode([]byte(line), TypeMove, &m)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Decode(%q) = %v, want it to say %q", line, err, want)
		}
	}
	var m MoveReply
	if err := Decode([]byte(`{"type":"move","id":3,"move":{"card":"QS"},"note":"extra keys are ignored"}`), TypeMove, &m); err != nil || m.ID != 3 || m.Move.Card != "QS" {
		t.Fatalf("a good move: %+v, %v", m, err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"type":"move","id":1,"move":{"card":"QS"}}`, `{"type":"ready","name":"x"}`, "{", "\xff", `[1,2]`, `{"type":"move","move":{"cards":[[[[[]]]]]}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var m MoveReply
		_ = Decode(line, TypeMove, &m)
		r := NewLineReader(strings.NewReader(string(line)), 64)
		for {
			if _, err := r.ReadLine(); err != nil {
				break
			}
		}
	})
}

func TestRequestEncodingMatchesJSONMarshal(t *testing.T) {
	for _, r := range []*Request{
		{Type: TypeRequest, ID: 7, GameID: "g-1", Seat: 1, View: []byte(`{"hand":["QS"]}`), Events: []json.RawMessage{[]byte(`{"type":"play"}`), []byte(`{"type":"deal","seat":0}`)},
			Legal: []Move{{Card: "QS"}}, TimeMs: 1000, MoveNum: 3},
		{Type: TypeRequest, ID: 8, GameID: "g\"2", View: []byte(`{}`), Events: []json.RawMessage{}, Choice: []byte(`{"actions":["lead"]}`), TimeMs: 500, BankMs: 200},
		{Type: TypeRequest, ID: 9},
	} {
		fast, err := Encode(r)
		if err != nil {
			t.Fatal(err)
		}
		slow, _ := json.Marshal(r)
		if string(fast) != string(slow)+"\n" {
			t.Fatalf("request encodings differ:\n%s\n%s", fast, slow)
		}
	}
}
