import Foundation
import StringKit
import Testing

@Suite("HTMLRenderer")
struct HTMLRendererTests {
    @Test("text is escaped and styles become CSS")
    func escapingAndStyles() {
        // Given text with markup characters and several styles
        let text = "Sale <b>&\"'\nnow".attributed(with: [
            .foregroundColor(.black), .crossOut(style: .single), .kern(1.5),
            .font(.custom("Geor'gia", size: 12, weight: .bold)),
        ])
        // When rendered
        let html = HTMLRenderer().render(text)
        // Then nothing of the text can open a tag or close the attribute
        #expect(
            html == "<div><span style=\"font-family: 'Georgia', sans-serif; font-weight: 700; font-size: 12px; "
                + "color: #000000; letter-spacing: 1.5px; text-decoration: line-through\">"
                + "Sale &lt;b&gt;&amp;&quot;&#39;<br>now</span></div>"
        )
    }

    @Test("runs from a builder become spans; paragraph styles go on the div")
    func builderRuns() {
        let builder = StringBuilder(globalAttributes: [.aligment(.center)])
            .add(.string("a"))
            .add(.string("b"), with: [.foregroundColor(StringAttribute.Color(red: 1, green: 0, blue: 0, alpha: 0.5))])
        let html = HTMLRenderer().render(builder.attributedValue)
        #expect(html == "<div style=\"text-align: center\">a<span style=\"color: rgba(255, 0, 0, 0.5)\">b</span></div>")
    }

    @Test("plain text has no spans")
    func plain() {
        #expect(HTMLRenderer().render(AttributedString("1 < 2")) == "<div>1 &lt; 2</div>")
    }
}
