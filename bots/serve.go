package bots

import (
	"encoding/json"
	"fmt"
	"io"

	"cardref/protocol"
)

// Serve runs bot `name` as a protocol client on in/out until the referee
// says bye or closes the input. It is what `referee bot NAME` runs, and a
// reference for bot authors in Go.
func Serve(name string, in io.Reader, out io.Writer, log io.Writer) error {
	maker, ok := Lookup(name)
	if !ok {
		return fmt.Errorf("no built-in bot %q (built-in bots: %v)", name, Names())
	}
	r := protocol.NewLineReader(in, 0)
	send := func(v any) error {
		b, err := protocol.Encode(v)
		if err != nil {
			return err
		}
		_, err = out.Write(b)
		return err
	}
	var bot Bot
	for {
		line, err := r.ReadLine()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		var env protocol.Envelope
		if err := json.Unmarshal(line, &env); err != nil {
			fmt.Fprintf(log, "%s: ignoring a line that is not JSON: %s\n", name, protocol.Quote(line))
			continue
		}
		switch env.Type {
		case protocol.TypeHello:
			var h protocol.Hello
			if err := json.Unmarshal(line, &h); err != nil {
				return err
			}
			if h.Protocol != protocol.Version {
				return fmt.Errorf("the referee speaks protocol %d; this bot speaks %d", h.Protocol, protocol.Version)
			}
			if err := send(protocol.Ready{Type: protocol.TypeReady, Name: name, Version: "1", Protocol: protocol.Version}); err != nil {
				return err
			}
		case protocol.TypeGameStart:
			var gs protocol.GameStart
			if err := json.Unmarshal(line, &gs); err != nil {
				return err
			}
			if bot, err = maker(&gs); err != nil {
				return err
			}
		case protocol.TypeRequest:
			var req protocol.Request
			if err := json.Unmarshal(line, &req); err != nil {
				return err
			}
			if bot == nil {
				return fmt.Errorf("a request came before game_start")
			}
			m, err := bot.Move(&req)
			if err != nil {
				return err
			}
			if err := send(protocol.MoveReply{Type: protocol.TypeMove, ID: req.ID, Move: m}); err != nil {
				return err
			}
		case protocol.TypeError:
			fmt.Fprintf(log, "%s: referee says: %s\n", name, line)
		case protocol.TypeGameOver:
			bot = nil
		case protocol.TypeBye:
			return nil
		}
	}
}
