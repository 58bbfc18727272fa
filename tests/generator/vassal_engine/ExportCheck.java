// Loads the kit's .vmod in VASSAL's own engine and prints, one fact a line, what the tests ask of
// it: what VASSAL built (counts per kind), where VASSAL's grid snaps a dropped point, the hexes a
// double-length piece covers in each of its six facings (its shape as VASSAL computes it), the
// names a piece takes in each of its states, the zones of each board and the at-start stacks.
// Started from ../shared/tools/vassal-check/LoadModule.java. Usage: ExportCheck MODULE.vmod [PNG]
// (PNG: a picture of the first scenario map with its at-start stacks, drawn by VASSAL).
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.util.*;
import VASSAL.build.AbstractConfigurable;
import VASSAL.build.Buildable;
import VASSAL.build.GameModule;
import VASSAL.build.module.Map;
import VASSAL.build.module.map.SetupStack;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.map.boardPicker.board.MapGrid;
import VASSAL.build.module.map.boardPicker.board.ZonedGrid;
import VASSAL.build.module.map.boardPicker.board.mapgrid.Zone;
import VASSAL.build.widget.PieceSlot;
import VASSAL.counters.Decorator;
import VASSAL.counters.Embellishment;
import VASSAL.counters.FreeRotator;
import VASSAL.counters.GamePiece;
import VASSAL.tools.DataArchive;

public class ExportCheck {
  public static void main(String[] args) {
    int[] status = {1};
    try {  // on Swing's event thread, as VASSAL itself builds a module (see SetupCheck)
      javax.swing.SwingUtilities.invokeAndWait(() -> {
        try { status[0] = run(args); } catch (Throwable t) { t.printStackTrace(); }
      });
    } catch (Throwable t) { t.printStackTrace(); }
    System.out.flush();
    System.exit(status[0]);
  }

  static void count(java.util.Map<String, Integer> kinds, Buildable b) {
    kinds.merge(b.getClass().getSimpleName(), 1, Integer::sum);
    if (b instanceof AbstractConfigurable)
      for (Buildable c : ((AbstractConfigurable) b).getBuildables()) count(kinds, c);
  }

  static int run(String[] args) throws Exception {
    VASSAL.Info.setConfig(new VASSAL.launch.StandardConfig());
    Class<?> menus = Class.forName("VASSAL.launch.Player$PlayerMenuManager");
    java.lang.reflect.Constructor<?> make = menus.getDeclaredConstructor();
    make.setAccessible(true);
    make.newInstance();
    GameModule module = new GameModule(new DataArchive(args[0]));
    GameModule.init(module);
    java.util.Map<String, Integer> kinds = new TreeMap<>();
    for (Buildable b : module.getBuildables()) count(kinds, b);
    for (java.util.Map.Entry<String, Integer> e : kinds.entrySet())
      System.out.println("built " + e.getKey() + " " + e.getValue());
    for (Map map : module.getComponentsOf(Map.class)) {
      for (Board board : map.getAllDescendantComponentsOf(Board.class)) {
        java.awt.Dimension size = board.getSize();
        System.out.println("board " + map.getMapName() + " | " + size.width + "x" + size.height);
        MapGrid grid = board.getGrid();
        if (grid instanceof ZonedGrid)
          for (Iterator<Zone> it = ((ZonedGrid) grid).getZones(); it.hasNext();) {
            Zone z = it.next();
            Rectangle r = z.getBounds();
            System.out.println("zone " + map.getMapName() + " | " + z.getName() + " | " + r.x + "," + r.y + "," + r.width + "," + r.height);
          }
      }
      if (map.getMapName().startsWith("Scenario") || map.getMapName().startsWith("Cthulhu")) {
        Board b = map.getAllDescendantComponentsOf(Board.class).get(0);
        Set<Point> seen = new HashSet<>();
        for (int x = 0; x < b.getSize().width; x += 40)
          for (int y = 0; y < b.getSize().height; y += 40) {
            Point c = b.getGrid().snapTo(new Point(x, y));
            if (seen.add(c) && b.getGrid().locationName(c) != null) System.out.println("hex " + map.getMapName() + " | " + c.x + "," + c.y + " | " + b.getGrid().locationName(c));
          }
      }
      for (SetupStack s : map.getComponentsOf(SetupStack.class)) {
        Point p = new Point(Integer.parseInt(s.getAttributeValueString("x")), Integer.parseInt(s.getAttributeValueString("y")));
        int n = s.getComponentsOf(PieceSlot.class).size();
        System.out.println("stack " + map.getMapName() + " | " + s.getConfigureName() + " | " + n + " | " + p.x + "," + p.y + " | " + map.locationName(p));
      }
    }
    // the first single map: where its grid snaps points, what a double piece covers
    Map first = module.getComponentsOf(Map.class).get(0);
    Board board = first.getAllDescendantComponentsOf(Board.class).get(0);
    MapGrid grid = board.getGrid();
    int[][] drops = {{700, 620}, {905, 930}, {1210, 1010}};
    for (int[] d : drops) {
      Point snapped = grid.snapTo(new Point(d[0], d[1]));
      System.out.println("snap " + d[0] + "," + d[1] + " -> " + snapped.x + "," + snapped.y + " " + grid.locationName(snapped));
    }
    for (PieceSlot slot : module.getAllDescendantComponentsOf(PieceSlot.class)) {
      GamePiece piece = slot.getPiece();
      Embellishment layer = (Embellishment) Decorator.getDecorator(piece, Embellishment.class);
      StringBuilder names = new StringBuilder();
      for (int i = 0; i < layer.getValue() + 8 && i < 8; i++) {
        try { layer.setValue(i); } catch (Exception e) { break; }
        names.append(i == 0 ? "" : " / ").append(Decorator.getOutermost(piece).getName());
      }
      layer.setValue(0);
      System.out.println("states " + slot.getConfigureName() + " | " + names);
      FreeRotator turn = (FreeRotator) Decorator.getDecorator(piece, FreeRotator.class);
      if (turn == null) continue;
      Point at = grid.snapTo(new Point(drops[0][0], drops[0][1]));
      for (int facing = 0; facing < 6; facing++) {
        turn.mySetState(String.valueOf(facing));
        Shape shape = AffineTransform.getTranslateInstance(at.x, at.y).createTransformedShape(piece.getShape());
        List<String> covered = new ArrayList<>();
        for (int dx = -300; dx <= 300; dx += 4)
          for (int dy = -300; dy <= 300; dy += 4) {
            Point c = grid.snapTo(new Point(at.x + dx, at.y + dy));
            String name = grid.locationName(c);
            if (!covered.contains(name) && shape.contains(c)) covered.add(name);
          }
        Collections.sort(covered);
        System.out.println("facing " + slot.getConfigureName() + " | " + facing + " | " + turn.getCumulativeAngle() + " | " + grid.locationName(at) + " | " + String.join(" ", covered));
      }
      turn.mySetState("0");
    }
    if (args.length > 2) {  // a scenario's map as a new game lays it, drawn by VASSAL's own Board
      // and GamePiece drawing: each at-start stack's pieces where the stack stands (a little
      // fanned out, as a stack expands), and one mounted piece laid in a set-up zone
      for (Map map : module.getComponentsOf(Map.class)) {
        if (!map.getMapName().equals(args[2])) continue;
        Board b = map.getAllDescendantComponentsOf(Board.class).get(0);
        java.awt.Dimension size = b.getSize();
        java.awt.image.BufferedImage image = new java.awt.image.BufferedImage(size.width, size.height, java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = image.createGraphics();
        java.awt.Image art = VASSAL.tools.imageop.Op.load(b.getAttributeValueString("image")).getImage();
        g.drawImage(art, 0, 0, null);
        int drawn = 0;
        for (SetupStack st : map.getComponentsOf(SetupStack.class)) {
          int x = Integer.parseInt(st.getAttributeValueString("x")), y = Integer.parseInt(st.getAttributeValueString("y"));
          List<PieceSlot> slots = st.getComponentsOf(PieceSlot.class);
          for (int i = 0; i < slots.size(); i++) {
            int col = i % 4, row = i / 4;
            slots.get(i).getPiece().draw(g, x - 150 + 100 * col, y - 300 + 70 * row, null, 1.0);
            drawn++;
          }
        }
        Iterator<Zone> zones = ((ZonedGrid) b.getGrid()).getZones();
        Zone z = zones.next();
        Rectangle r = z.getBounds();
        Point at = b.getGrid().snapTo(new Point(r.x + r.width / 2, r.y + r.height / 2));
        for (PieceSlot slot : module.getAllDescendantComponentsOf(PieceSlot.class)) {
          GamePiece piece = slot.getPiece();
          FreeRotator turn = (FreeRotator) Decorator.getDecorator(piece, FreeRotator.class);
          if (turn == null) continue;
          turn.mySetState("1");
          piece.draw(g, at.x, at.y, null, 1.0);
          System.out.println("laid " + slot.getConfigureName() + " | " + b.getGrid().locationName(at) + " | facing 1");
          break;
        }
        g.dispose();
        javax.imageio.ImageIO.write(image, "png", new java.io.File(args[1]));
        System.out.println("drawn " + map.getMapName() + " | " + size.width + "x" + size.height + " | " + drawn + " pieces");
      }
    }
    System.out.println("OK");
    return 0;
  }
}
